/* Generated from schemas/events.schema.json by scripts/types.mjs: do not edit. */

/**
 * What happened during an action, in order (fearsome_rules.core.events).
 */
export type EngineEvent =
  | FigureStepped
  | FigureSlid
  | FigureExited
  | FigureFlipped
  | StonePushed
  | StoneSlid
  | StoneRemoved
  | FigurePushed
  | FigureEaten
  | MonsterLooked
  | MonsterTurned
  | MonsterStepped
  | MonsterWrapped
  | MonsterTurnedByStone
  | MonsterTeleported
  | MonsterSlid
  | TilePlaced
  | TileRevealed
  | StageChanged
  | RoundStarted
  | GameEnded;

/**
 * A figure spent one point to step from one square to the next (FIG-POINTS, FIG-ENTER).
 */
export interface FigureStepped {
  figure: string;
  frm: string;
  to: string;
  type: "FigureStepped";
  text: string;
}
/**
 * A figure slid across a blood pool (POOL-SLIDE) or was pushed onto one (MON-PUSH-POOL).
 */
export interface FigureSlid {
  figure: string;
  frm: string;
  to: string;
  type: "FigureSlid";
  text: string;
}
/**
 * A figure left through the exit and is out (FIG-EXIT).
 */
export interface FigureExited {
  figure: string;
  type: "FigureExited";
  text: string;
}
/**
 * A figure was turned over after its move (FIG-FLIP); ``face`` is the new number.
 */
export interface FigureFlipped {
  figure: string;
  face: number;
  type: "FigureFlipped";
  text: string;
}
/**
 * A stone was pushed one square (PUSH-ONE, MON-PUSH); ``by`` is a figure or ``monster``.
 */
export interface StonePushed {
  frm: string;
  to: string;
  by: string;
  rule: string;
  type: "StonePushed";
  text: string;
}
/**
 * A pushed stone slid across a blood pool (POOL-STONE-SLIDE).
 */
export interface StoneSlid {
  frm: string;
  to: string;
  type: "StoneSlid";
  text: string;
}
/**
 * A stone left the game: pushed onto a corner or off the board.
 */
export interface StoneRemoved {
  square: string;
  reason: string;
  type: "StoneRemoved";
  text: string;
}
/**
 * The monster pushed a figure one square as part of a line (MON-PUSH).
 */
export interface FigurePushed {
  figure: string;
  frm: string;
  to: string;
  rule: string;
  type: "FigurePushed";
  text: string;
}
/**
 * A figure was eaten: stepped on, or pushed off the board (MON-EAT, MON-PUSH-OFF).
 */
export interface FigureEaten {
  figure: string;
  square: string;
  how: string;
  then: string;
  rule: string;
  type: "FigureEaten";
  text: string;
}
/**
 * The monster looked (MON-SIGHT-DIRS): the nearest figure seen each way, and the result.
 */
export interface MonsterLooked {
  square: string;
  ahead: string;
  left: string;
  right: string;
  facing: string;
  type: "MonsterLooked";
  text: string;
}
/**
 * The monster turned towards the strictly nearest figure (MON-CHOOSE).
 */
export interface MonsterTurned {
  square: string;
  frm: string;
  to: string;
  type: "MonsterTurned";
  text: string;
}
/**
 * The monster used one step (MON-STEP); ``to`` is where the step ended.
 */
export interface MonsterStepped {
  number: number;
  frm: string;
  to: string;
  facing: string;
  type: "MonsterStepped";
  text: string;
}
/**
 * The monster went through a wall (MON-WRAP) and re-entered at the same letter.
 */
export interface MonsterWrapped {
  frm: string;
  to: string;
  wall: string;
  type: "MonsterWrapped";
  text: string;
}
/**
 * A turning stone ahead turned the monster instead of being pushed (ADV-TURN).
 */
export interface MonsterTurnedByStone {
  square: string;
  stone: string;
  kind: string;
  frm: string;
  to: string;
  rule: string;
  type: "MonsterTurnedByStone";
  text: string;
}
/**
 * The monster stepped onto a teleporter and is on its partner, facing its arrow.
 */
export interface MonsterTeleported {
  frm: string;
  to: string;
  facing: string;
  type: "MonsterTeleported";
  text: string;
}
/**
 * The monster slid across a blood pool within its step (MON-SLIDE).
 */
export interface MonsterSlid {
  frm: string;
  to: string;
  type: "MonsterSlid";
  text: string;
}
/**
 * A floor tile was placed before round 1 (PLACE-ORDER); ``arrow`` for a teleporter.
 */
export interface TilePlaced {
  tile: string;
  squares: string[];
  arrow: string;
  type: "TilePlaced";
  text: string;
}
/**
 * A monster tile was revealed (DECK-REVEAL).
 */
export interface TileRevealed {
  tile: string;
  type: "TileRevealed";
  text: string;
}
/**
 * Stage 2 began and the tiles were reshuffled (STAGE-ONE).
 */
export interface StageChanged {
  stage: number;
  type: "StageChanged";
  text: string;
}
/**
 * A new round began; ``start_player`` holds the start player tile (RND-START-PASS).
 */
export interface RoundStarted {
  round: number;
  start_player: string;
  type: "RoundStarted";
  text: string;
}
/**
 * The game is over; ``rule`` names the ending rule, ``winners`` the seat letters.
 */
export interface GameEnded {
  rule: string;
  winners: string;
  type: "GameEnded";
  text: string;
}
