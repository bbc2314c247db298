import '@mantine/core/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.js';

// zod probes `new Function` once to decide whether to compile its parsers; the Content-Security-Policy forbids
// eval, so the browser would report the probe as a violation. Parsing without compiling (`jitless`) needs no probe.
// zod keeps its settings in this global (what `z.config()` writes to), which lets the entry set it without loading
// zod, a chunk of its own; the object is extended, never replaced, so it holds whichever of the two runs first.
const zodSettings = ((globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig ??= {});
zodSettings.jitless = true;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
