import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest, started first. On a clean clone (CI) Vitest has no durations from earlier runs and
 * keeps the files in the order found, so the 10,000-case fuzz of the viewer would start late and run alone on one of
 * the two cores while the other idles. Longest first keeps both busy to the end.
 */
const LONGEST = ['viewer-fuzz.test', 'soak.test', 'server/modern.test', 'bridge-stdio.test', 'dialect.test', 'modern-client.test'];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = LONGEST.findIndex((name) => file.moduleId.includes(name));
      return index === -1 ? LONGEST.length : index;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['src/test-setup.ts'],
    testTimeout: 20_000,
    sequence: { sequencer: LongestFirst },
    // Vitest's default in a run is one worker fewer than the cores: one worker on a two-core machine, so every test
    // file ran one after another. The files mostly wait on servers and timers, so two share the cores well.
    maxWorkers: 2,
  },
});
