// The engine's refusals, as JavaScript errors.

/** A refusal of the engine: `kind` is the Python error's class (IllegalMoveError, SetupError,
 * NotationError, RecordError, ArgumentTypeError, ...), `rule` the spec's rule id that decided
 * (null where none does), `field` the input at fault (null where none is named). */
export class FearsomeError extends Error {
  constructor({ kind, message, rule = "", field = "" }) {
    super(message);
    this.name = "FearsomeError";
    this.kind = kind;
    this.rule = rule || null;
    this.field = field || null;
  }
}
