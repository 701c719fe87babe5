import { configure } from '@testing-library/dom';

// findBy*/waitFor wait for a state, not for a time: on a busy machine (CI shares two cores with the build and the
// browsers) a worker-parsed or lazily rendered view can take seconds, so the wait is long and returns as soon as the
// state is there.
configure({ asyncUtilTimeout: 15_000 });
