/** The Docker engine cannot be reached: not running, not installed, or gone mid-run. */
export class DockerUnavailableError extends Error {
  constructor(action: string, options?: ErrorOptions) {
    super(
      `Docker is not running (while trying to ${action}): start it (Docker Desktop, or 'sudo systemctl start docker') or run \`bash scripts/setup.sh --docker\``,
      options,
    );
    this.name = "DockerUnavailableError";
  }
}
