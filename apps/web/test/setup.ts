import { configure } from '@testing-library/react';

// The app loads response schemas with the call that needs them (src/lib/api.ts). Each test file has them loaded
// before it starts, as a returning browser has them in its cache: no test's wait includes compiling zod.
await Promise.all([import('@nirmaan/shared/api'), import('@nirmaan/shared/search'), import('@nirmaan/shared/cart')]);

// How long `findBy…` and `waitFor` wait for what a test expects to appear (Testing Library's default is 1 s). A page's
// first render in a file imports its route's modules; on this 2-core machine under CI's load that alone took over a
// second (the console's disputes and vendors screens failed so, and passed alone). What is expected is unchanged.
configure({ asyncUtilTimeout: 5_000 });
