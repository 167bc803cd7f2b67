/* Generated from schemas/state.schema.json by scripts/types.mjs: do not edit. */

/**
 * This interface was referenced by `GameState`'s JSON-Schema
 * via the `definition` "seat".
 */
export type Seat = string;
/**
 * This interface was referenced by `GameState`'s JSON-Schema
 * via the `definition` "square".
 */
export type Square = string;

/**
 * A complete position, as fearsome_rules.state_to_json writes it and state_from_json reads it (strictly: every key required, no other key, no key twice). The schema says the shape; the reader also checks that the position is one the rules allow (spec/), for example that to_move and phase are the ones the rest gives.
 */
export interface GameState {
  format: "fearsome-rules/state";
  version: 1;
  players: number;
  setup: "basic" | "advanced" | "bsw";
  /**
   * The options that differ from their defaults (spec/options.md): name -> value, true/false for the flags.
   */
  options: {
    [k: string]: string | boolean;
  };
  round: number;
  stage: 1 | 2;
  /**
   * Who holds the start player tile.
   */
  start_player: string;
  /**
   * The seat to move (in the placement phase: to place); "" when nobody is (the monster's phase, a finished game). Follows from the rest (RND-ORDER, RND-PASS, PLACE-ORDER).
   */
  to_move: Seat | "";
  /**
   * Follows from the rest: placement (tiles to place), figures (someone is to move), monster (everyone has moved), over (ended_by is set).
   */
  phase: "placement" | "figures" | "monster" | "over";
  monster: Square;
  facing: "N" | "E" | "S" | "W";
  /**
   * Square -> the kind of stone on it.
   */
  stones: {
    [k: string]: "stone" | "crystal" | "turn_right" | "turn_about";
  };
  pools: Square[];
  /**
   * Every figure of the game once, seat by seat (kinds 1 3 4 5 for 2-4 players, 1 3 4 for 5-7).
   */
  figures: {
    name: string;
    /**
     * A square, waiting (outside, beside the entrance), out (escaped), or removed (eaten in stage 2).
     */
    where: string;
    /**
     * The number showing: the kind or 7 minus it.
     */
    face: number;
    /**
     * Moved this round (RND-ONCE).
     */
    moved: boolean;
  }[];
  /**
   * The monster tiles of this stage not yet revealed, in the order 5 7 8 10 1hit 2hits 3hits.
   *
   * @maxItems 8
   */
  deck:
    | []
    | ["5" | "7" | "8" | "10" | "1hit" | "2hits" | "3hits"]
    | [
        "5" | "7" | "8" | "10" | "1hit" | "2hits" | "3hits",
        "5" | "7" | "8" | "10" | "1hit" | "2hits" | "3hits"
      ]
    | [
        "5" | "7" | "8" | "10" | "1hit" | "2hits" | "3hits",
        "5" | "7" | "8" | "10" | "1hit" | "2hits" | "3hits",
        "5" | "7" | "8" | "10" | "1hit" | "2hits" | "3hits"
      ]
    | [
        "5" | "7" | "8" | "10" | "1hit" | "2hits" | "3hits",
        "5" | "7" | "8" | "10" | "1hit" | "2hits" | "3hits",
        "5" | "7" | "8" | "10" | "1hit" | "2hits" | "3hits",
        "5" | "7" | "8" | "10" | "1hit" | "2hits" | "3hits"
      ]
    | [
        "5" | "7" | "8" | "10" | "1hit" | "2hits" | "3hits",
        "5" | "7" | "8" | "10" | "1hit" | "2hits" | "3hits",
        "5" | "7" | "8" | "10" | "1hit" | "2hits" | "3hits",
        "5" | "7" | "8" | "10" | "1hit" | "2hits" | "3hits",
        "5" | "7" | "8" | "10" | "1hit" | "2hits" | "3hits"
      ]
    | [
        "5" | "7" | "8" | "10" | "1hit" | "2hits" | "3hits",
        "5" | "7" | "8" | "10" | "1hit" | "2hits" | "3hits",
        "5" | "7" | "8" | "10" | "1hit" | "2hits" | "3hits",
        "5" | "7" | "8" | "10" | "1hit" | "2hits" | "3hits",
        "5" | "7" | "8" | "10" | "1hit" | "2hits" | "3hits",
        "5" | "7" | "8" | "10" | "1hit" | "2hits" | "3hits"
      ]
    | [
        "5" | "7" | "8" | "10" | "1hit" | "2hits" | "3hits",
        "5" | "7" | "8" | "10" | "1hit" | "2hits" | "3hits",
        "5" | "7" | "8" | "10" | "1hit" | "2hits" | "3hits",
        "5" | "7" | "8" | "10" | "1hit" | "2hits" | "3hits",
        "5" | "7" | "8" | "10" | "1hit" | "2hits" | "3hits",
        "5" | "7" | "8" | "10" | "1hit" | "2hits" | "3hits",
        "5" | "7" | "8" | "10" | "1hit" | "2hits" | "3hits"
      ]
    | [
        "5" | "7" | "8" | "10" | "1hit" | "2hits" | "3hits",
        "5" | "7" | "8" | "10" | "1hit" | "2hits" | "3hits",
        "5" | "7" | "8" | "10" | "1hit" | "2hits" | "3hits",
        "5" | "7" | "8" | "10" | "1hit" | "2hits" | "3hits",
        "5" | "7" | "8" | "10" | "1hit" | "2hits" | "3hits",
        "5" | "7" | "8" | "10" | "1hit" | "2hits" | "3hits",
        "5" | "7" | "8" | "10" | "1hit" | "2hits" | "3hits",
        "5" | "7" | "8" | "10" | "1hit" | "2hits" | "3hits"
      ];
  /**
   * The seat of every figure that got out, in the order they got out (END-MOST).
   */
  escapes: Seat[];
  /**
   * The rule that ended the game, "" while it goes on.
   */
  ended_by: "" | "END-WIN" | "END-ALL-GONE" | "STAGE-TWO-END";
  teleporters: {
    square: Square;
    pair: 1 | 2;
    arrow: "N" | "E" | "S" | "W";
  }[];
  /**
   * In the placement phase, the tiles still to place.
   */
  to_place: (
    | "stone"
    | "crystal"
    | "turn_right"
    | "turn_about"
    | "pool_square"
    | "pool_strip"
    | "teleporter_1"
    | "teleporter_2"
  )[];
}
