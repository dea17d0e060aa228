import { describe, expect, it } from "vitest";
import { progressHeader, progressLine, readProgressCsv } from "./progress.ts";

describe("progress.csv", () => {
  it("reads back what the CLI writes: the length scale of a nuclei or noise run, a circle run's radius", () => {
    const points = [
      { step: 0, timeS: 0, energy: 1.5e5, length: 2.1e-6, grains: 40 },
      { step: 10, timeS: 1, energy: 1.2e5, length: Number.NaN, grains: 0 },
    ];
    expect(progressHeader(false)).toBe("step,time_s,energy_J_m3,length_m\n");
    const text = progressHeader(false) + points.map((h) => progressLine(h, false)).join("");
    expect(readProgressCsv(text)).toEqual({ step: [0, 10], timeS: [0, 1], energy: [1.5e5, 1.2e5], length: [2.1e-6, Number.NaN] });

    const circle = [{ step: 0, timeS: 0, energy: 9e3, radius: 1.6e-6 }];
    expect(progressHeader(true)).toBe("step,time_s,energy_J_m3,radius_m\n");
    expect(readProgressCsv(progressHeader(true) + progressLine(circle[0], true))).toEqual({ step: [0], timeS: [0], energy: [9e3], radius: [1.6e-6] });
  });

  it("leaves out a line still being written, and is empty before anything is", () => {
    // The last line has all its commas but not its newline: its radius may be cut short ("1.5" of "1.5e-6").
    const text = "step,time_s,energy_J_m3,radius_m\n0,0,9e3,1.6e-6\n50,5,8e3,1.5";
    expect(readProgressCsv(text).radius).toEqual([1.6e-6]);
    expect(readProgressCsv("")).toEqual({});
    expect(readProgressCsv("step,time_s,energy_J_m3,radius_m\n")).toEqual({ step: [], timeS: [], energy: [], radius: [] });
  });
});
