// A whole screen renders in these tests while the other test projects keep both cores busy, and
// its first data waits for the contract's schemas to load (callApi). Testing-library's 1 s default
// for findBy… and waitFor then measured the machine, not the screen. The editor's first screen in
// a file (its lazy chunk imported, then rendered) took over 5 s once beside the other projects.
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 10_000 });
