import { configure } from '@testing-library/dom';

// findBy and waitFor give up after 1 s by default: too short on a busy two-core CI machine.
configure({ asyncUtilTimeout: 5_000 });
