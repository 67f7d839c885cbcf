// /login's way in to its other sign-ins, which are bundled with what other pages share of them
// (vite.config.ts, SIGN_IN_OPTIONS): imported with import() through a module of its own, they
// need no module namespace object, which would bring Rolldown's runtime to /login.
export { default } from "./offered-sign-ins.tsx";
