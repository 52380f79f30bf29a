import { expect, test } from "bun:test";
import {
  DockerRequestError,
  DockerUnavailableError,
  toDockerError,
} from "../../../runner/docker/docker-error.ts";

test("a refused or missing socket means Docker is not running, with the next step", () => {
  const cause = Object.assign(new Error("connect ENOENT /var/run/docker.sock"), { code: "ENOENT" });
  const error = toDockerError("ping the engine", cause);
  expect(error).toBeInstanceOf(DockerUnavailableError);
  expect(error.message).toContain("scripts/setup.sh --docker");
  expect(error.cause).toBe(cause);
});

test("an HTTP error keeps Docker's own message and status", () => {
  const cause = Object.assign(new Error("(HTTP code 409) conflict"), {
    statusCode: 409,
    json: { message: "name in use" },
  });
  const error = toDockerError("create a container", cause);
  expect(error).toBeInstanceOf(DockerRequestError);
  expect(error.message).toBe("Docker refused to create a container (HTTP 409): name in use");
});
