import { createContext } from "react";

/** True inside a layout that already draws the site header, so a nested screen does not draw another. */
export const HasSiteHeaderContext = createContext(false);
