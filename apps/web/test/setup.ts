// The app loads response schemas with the call that needs them (src/lib/api.ts). Each test file has them loaded
// before it starts, as a returning browser has them in its cache: no test's wait includes compiling zod.
await Promise.all([import('@nirmaan/shared/api'), import('@nirmaan/shared/search'), import('@nirmaan/shared/cart')]);
export {};
