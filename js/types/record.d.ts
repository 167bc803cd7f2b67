/* Generated from schemas/record.schema.json by scripts/types.mjs: do not edit. */

/**
 * A game record (fearsome-rules/record): how the game began and its actions in notation.
 */
export interface GameRecordJSON {
  format: "fearsome-rules/record";
  version: number;
  players?: number;
  start_player?: string;
  setup?: string;
  options?: {
    [k: string]: string | boolean;
  };
  position?: string;
  actions?: string[];
}
