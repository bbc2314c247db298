import { inject } from 'vitest';

// Lets tests read and write the emulators through the same data modules the functions use.
Object.assign(process.env, inject('stackEnv'));
