/** What this bench run was asked for: a smoke run or a full one, which scenarios, how many runs, at what scale. */

export const smoke = process.argv.includes('--smoke');
/** BENCH_ONLY=storm,largeResults runs only those scenarios (for working on one; the README's figures run all). */
export const only = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',')) : undefined;
export const wanted = (name: string) => !only || only.has(name);
export const runs = smoke ? 1 : Number(process.env.BENCH_RUNS ?? 3);
export const root = process.cwd();
export const scale = smoke
  ? {
      latency: 20,
      resultRuns: 3,
      bursts: [500],
      tasks: 500,
      stormTasks: 100,
      stormRate: 200,
      stormSeconds: 1,
      sizes: [1],
      coldLoads: 1,
      hiddenSeconds: 2,
      dayPushes: 2000,
      dayTasks: 50,
      dayRate: 1000,
    }
  : {
      latency: 200,
      resultRuns: 30,
      /** Bursts of this many unseen tasks; 1 is the control: the page's own frames for starting a tool and listing its task. */
      bursts: [10_000, 2000, 1],
      tasks: 10_000,
      stormTasks: 2000,
      stormRate: 1000,
      stormSeconds: 10,
      sizes: [1, 10, 50],
      /**
       * Cold loads per run, each with a fresh server: one load's first paint and Connected vary by ±60 ms or more on
       * 2 busy cores (and a run's first is the browser's first page), so the figures are the median of runs × this.
       */
      coldLoads: 5,
      /** A tab hidden this long while the server pushes (the 10 minutes; run once per bench, not per run). */
      hiddenSeconds: Number(process.env.BENCH_HIDDEN_SECONDS ?? 600),
      /** A compressed day: this many pushes at dayRate per second over dayTasks tasks, whose results are all kept. */
      dayPushes: 100_000,
      dayTasks: 1000,
      dayRate: 1000,
    };
