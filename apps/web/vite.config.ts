import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = process.env.VITE_API_PROXY ?? 'http://localhost:3000';
const apiPaths = [
  '/api', '/fetch', '/related-products', '/profesionaldetails', '/images', '/healthz', '/dev',
  '/sendotp', '/verifyotp', '/login-with-otp', '/google-login', '/profiledata', '/myprofile', '/carts', '/delete',
  '/ordercart', '/orderdetails', '/review', '/socket.io',
];

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: Object.fromEntries(apiPaths.map((p) => [p, { target: api, ws: p === '/socket.io' }])),
  },
  build: {
    outDir: 'dist',
    assetsInlineLimit: 2048,
    chunkSizeWarningLimit: 400,
  },
  css: { preprocessorOptions: { scss: { quietDeps: true, silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'] } } },
});
