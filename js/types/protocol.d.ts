/* Generated from schemas/protocol.schema.json by scripts/types.mjs: do not edit. */

/**
 * The messages of conformance/PROTOCOL.md: one JSON object per line. A request (runner to engine) is #/$defs/request; a response (engine to runner) is #/$defs/response. States are the fearsome-rules/state JSON objects of docs/embedding.md (checked by the runner when it reads them, not here).
 */
export type ProtocolMessage = Request | Response;
export type Request = {
  id: Id;
  op: "hello" | "start" | "apply" | "legal_moves" | "destinations" | "chance" | "outcome" | "bye";
};
export type Id = number;

export interface Response {
  id: Id;
  ok: boolean;
}
