/** The Dockerfile the service cases' ./svc holds (the test writes it). */
export const SERVICE_DIR_DOCKERFILE = "FROM scratch\n";
