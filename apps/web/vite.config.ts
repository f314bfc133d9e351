import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    // scripts/route-sizes.ts and scripts/prerender.ts read which chunks each page needs from here.
    manifest: true,
    rolldownOptions: {
      // The React app, and the public site's own small script that its static pages load instead.
      input: {
        app: fileURLToPath(new URL('./index.html', import.meta.url)),
        site: fileURLToPath(new URL('./src/site/site.ts', import.meta.url)),
      },
    },
  },
  ssr: {
    // The shared contract is TypeScript source in the workspace: bundle it into the prerender build.
    noExternal: ['@thankly/api-contract'],
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  preview: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
