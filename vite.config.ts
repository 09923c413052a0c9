import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { manifestValidation } from './scripts/vite-manifest-plugin.ts';

export default defineConfig({
  plugins: [manifestValidation(), react()],
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
  build: { target: 'es2022', sourcemap: true },
});
