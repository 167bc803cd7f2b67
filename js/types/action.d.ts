/* Generated from schemas/action.schema.json by scripts/types.mjs: do not edit. */

/**
 * An action as JSON (fearsome_rules.action_to_json).
 */
export type ActionJSON = MoveJSON | RevealJSON | PlaceJSON;

export interface MoveJSON {
  type: "move";
  figure: string;
  path: string[];
}
export interface RevealJSON {
  type: "reveal";
  tile: string;
}
export interface PlaceJSON {
  type: "place";
  tile: string;
  square: string;
  arrow?: string;
  orientation?: string;
}
