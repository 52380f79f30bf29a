import { status } from "@grpc/grpc-js";
import { PubSubError, type PubSubErrorCode } from "../../engine/index.ts";

/** Engine error codes are gRPC status names already (Google's APIs map them to HTTP in http/error-response.ts). */
const GRPC_STATUS: Record<PubSubErrorCode, status> = {
  INVALID_ARGUMENT: status.INVALID_ARGUMENT,
  FAILED_PRECONDITION: status.FAILED_PRECONDITION,
  NOT_FOUND: status.NOT_FOUND,
  ALREADY_EXISTS: status.ALREADY_EXISTS,
  RESOURCE_EXHAUSTED: status.RESOURCE_EXHAUSTED,
};

/** Any error → a gRPC status and message (never a stack trace). */
export function grpcStatusOf(error: unknown): { code: status; details: string } {
  if (error instanceof PubSubError) return { code: GRPC_STATUS[error.code], details: error.message };
  return { code: status.INTERNAL, details: error instanceof Error ? error.message : String(error) };
}
