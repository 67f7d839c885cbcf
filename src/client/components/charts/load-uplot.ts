import type uPlot from "uplot";

export type UPlotClass = typeof uPlot;

let loading: Promise<UPlotClass> | null = null;

/**
 * uPlot, fetched the first time a chart is drawn. A page that only imports the chart layer (its
 * tables, legends, CSV links) does not pay for the library, and a page without a canvas to draw on
 * never loads it.
 */
export function loadUPlot(): Promise<UPlotClass> {
  loading ??= import("uplot").then((module) => module.default);
  return loading;
}
