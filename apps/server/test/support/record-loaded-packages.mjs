// Loaded with `node --import` (through NODE_OPTIONS): writes the name of every package a process
// imports to the file named by THANKLY_LOADED_PACKAGES, a line each, so a test can see what a
// process pulled in.
import { register } from 'node:module';

register('./record-loaded-packages-hooks.mjs', import.meta.url);
