/* Generated from schemas/results.schema.json by scripts/types.mjs: do not edit. */

/**
 * What `fearsome-rules conform --json FILE` writes: the results of one run of the suite on one engine under one reading, for an implementation to publish.
 */
export interface ConformanceResults {
  format: "fearsome-rules/conformance-results";
  version: 1;
  suite: string;
  protocol: string;
  /**
   * The engine's name and version as it said in hello, and the command.
   */
  engine: string;
  summary: {
    passed: number;
    failed: number;
    skipped: number;
    problems: number;
    /**
     * The reading the run overrode (--option), name -> value.
     */
    options: {
      [k: string]: string;
    };
  };
  problems: string[];
  cases: {
    id: string;
    file: string;
    line: number;
    rules: string[];
    status: "passed" | "failed" | "skipped";
    messages: string[];
    seconds: number;
  }[];
}
