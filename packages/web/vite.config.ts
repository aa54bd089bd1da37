/** Builds the console into dist/ (served by the console server) and defines the 'web' vitest project. */
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const API_TARGET = 'http://127.0.0.1:8080';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // noVNC awaits at its top level (its H.264 check): browsers from 2021 on, which the console needs anyway.
    target: 'es2022',
    // Libraries change far less often than the console: separate chunks stay cached across releases.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/,
            },
            { name: 'antd', test: /node_modules[\\/](antd|@ant-design|@rc-component|@emotion|dayjs)[\\/]/ },
            // Only the inventory screens draw charts and maps: their libraries load with them.
            { name: 'charts', test: /node_modules[\\/](echarts|zrender|tslib)[\\/]/ },
            { name: 'leaflet', test: /node_modules[\\/]leaflet[\\/]/ },
            // The remote desktop's client loads with its page only.
            { name: 'novnc', test: /node_modules[\\/]@novnc[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
    chunkSizeWarningLimit: 1200,
  },
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/websocket': { target: API_TARGET, ws: true },
      '/mqtt': { target: API_TARGET, ws: true },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
    testTimeout: 30_000,
  },
});
