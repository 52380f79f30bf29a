/** A container's image does not exist locally (and no registry is used to fetch it). */
export class ImageMissingError extends Error {
  constructor(
    readonly image: string,
    options?: ErrorOptions,
  ) {
    super(
      `image ${image} is not present on this Docker engine: build or load it first (\`docker images ${image}\` to check)`,
      options,
    );
    this.name = "ImageMissingError";
  }
}
