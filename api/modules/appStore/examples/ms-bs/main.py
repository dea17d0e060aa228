"""Martensite-start (Ms) and bainite-start (Bs) temperatures of a low-alloy steel from its composition.

Contract with the platform (docs/app-store.md): run with the task's work dir as the current directory, read
params.json, write result.json keyed by the manifest's output names. Warnings (a composition outside the
range a formula was fitted on) go to stdout, the task's log.
"""

import json
import math
import os
import sys
import tempfile

ELEMENTS = ["C", "Mn", "Si", "Cr", "Ni", "Mo"]
# 42CrMo / AISI 4140, the manifest's defaults, for runs by hand without params.json.
DEFAULTS = {"C": 0.40, "Mn": 0.75, "Si": 0.25, "Cr": 1.0, "Ni": 0.0, "Mo": 0.20}

# Each formula: the constant (°C), the coefficient of each element (°C per wt%; 0 where the formula has no
# term) and the composition range (wt%) of the steels it was fitted on, as given in README.md.
FORMULAS = {
    "andrews": {
        "title": "Andrews (1965), linear",
        "base": 539.0,
        "coef": {"C": -423.0, "Mn": -30.4, "Si": 0.0, "Cr": -12.1, "Ni": -17.7, "Mo": -7.5},
        "range": {"C": (0.11, 0.60), "Mn": (0.04, 4.87), "Si": (0.11, 1.89), "Cr": (0.0, 4.61), "Ni": (0.0, 5.04), "Mo": (0.0, 5.4)},
    },
    "steven-haynes": {
        "title": "Steven & Haynes (1956)",
        "base": 561.0,
        "coef": {"C": -474.0, "Mn": -33.0, "Si": 0.0, "Cr": -17.0, "Ni": -17.0, "Mo": -21.0},
        "range": {"C": (0.10, 0.55), "Mn": (0.20, 1.70), "Si": (0.10, 0.35), "Cr": (0.0, 3.5), "Ni": (0.0, 5.0), "Mo": (0.0, 1.0)},
    },
}
BAINITE = {
    "title": "Steven & Haynes (1956)",
    "base": 830.0,
    "coef": {"C": -270.0, "Mn": -90.0, "Si": 0.0, "Cr": -70.0, "Ni": -37.0, "Mo": -83.0},
    "range": FORMULAS["steven-haynes"]["range"],
}
CARBON_SWEEP = (0.10, 0.80, 71)


class InputError(Exception):
    """A problem the user can fix in their parameters."""


def read_params():
    # Absent when the script is run by hand outside the platform: the defaults apply then.
    if not os.path.exists("params.json"):
        return {}
    with open("params.json", encoding="utf-8") as f:
        params = json.load(f)
    if not isinstance(params, dict):
        raise InputError("params.json must hold an object of input values")
    return params


def composition(params):
    comp = {}
    for el in ELEMENTS:
        v = params.get(el, DEFAULTS[el])
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
            raise InputError(f"{el} must be a number (wt%), not {v!r}")
        if v < 0 or v > 100:
            raise InputError(f"{el} = {v:g} wt% is not a possible content")
        comp[el] = float(v)
    return comp


def temperature(formula, comp):
    return formula["base"] + sum(formula["coef"][el] * comp[el] for el in ELEMENTS)


def out_of_range(formula, comp):
    """The elements outside the formula's fitted range, as text; empty when the composition is inside."""
    found = []
    for el in ELEMENTS:
        lo, hi = formula["range"][el]
        if comp[el] < lo or comp[el] > hi:
            found.append(f"{el} = {comp[el]:g} wt% (range {lo:g}–{hi:g})")
    return found


def plot(path, carbon, ms_curve, bs_curve, comp, ms, bs, ms_title, ms_range):
    # Matplotlib writes a font cache under HOME, which is the task folder: keep it out of the user's results.
    os.environ.setdefault("MPLCONFIGDIR", tempfile.mkdtemp())
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7.5, 4.8))
    ax.plot(carbon, bs_curve, "-", color="tab:orange", label="Bs, Steven & Haynes (1956)")
    ax.plot(carbon, ms_curve, "-", color="tab:blue", label=f"Ms, {ms_title}")
    ax.plot([comp["C"]], [bs], "o", color="tab:orange")
    ax.plot([comp["C"]], [ms], "o", color="tab:blue")
    ax.annotate(f"Bs {bs:.0f} °C", (comp["C"], bs), textcoords="offset points", xytext=(8, 6))
    ax.annotate(f"Ms {ms:.0f} °C", (comp["C"], ms), textcoords="offset points", xytext=(8, 6))
    # Shade where carbon is outside the Ms formula's fitted range: the lines there are extrapolations.
    lo, hi = ms_range
    ax.axvspan(carbon[0], max(carbon[0], lo), color="0.85", alpha=0.6, lw=0)
    ax.axvspan(min(carbon[-1], hi), carbon[-1], color="0.85", alpha=0.6, lw=0, label="C outside the Ms formula's range")
    others = ", ".join(f"{el} {comp[el]:g}" for el in ELEMENTS if el != "C")
    ax.set_title(f"Ms and Bs against carbon ({others} wt%)", fontsize=10)
    ax.set_xlabel("carbon (wt%)")
    ax.set_ylabel("temperature (°C)")
    # The sweep is fixed; widen the axis when the steel's own carbon lies outside it, so its point shows.
    ax.set_xlim(min(carbon[0], comp["C"] - 0.02), max(carbon[-1], comp["C"] + 0.05))
    ax.grid(alpha=0.3)
    ax.legend(loc="upper right", fontsize=9)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main():
    params = read_params()
    comp = composition(params)
    choice = params.get("ms_formula", "andrews")
    if choice not in FORMULAS:
        raise InputError(f"ms_formula must be one of {', '.join(FORMULAS)}, not {choice!r}")
    formula = FORMULAS[choice]

    ms = temperature(formula, comp)
    bs = temperature(BAINITE, comp)
    print("Composition (wt%): " + ", ".join(f"{el} {comp[el]:g}" for el in ELEMENTS))
    print(f"Ms = {ms:.1f} °C ({formula['title']})")
    print(f"Bs = {bs:.1f} °C ({BAINITE['title']})")

    ms_out = out_of_range(formula, comp)
    bs_out = out_of_range(BAINITE, comp)
    if choice == "steven-haynes" and ms_out:
        print(f"Warning: outside the range of {formula['title']}, used for Ms and Bs: {'; '.join(ms_out)}. Both values are extrapolations.")
    else:
        if ms_out:
            print(f"Warning: outside the range of {formula['title']}: {'; '.join(ms_out)}. Ms is an extrapolation.")
        if bs_out:
            print(f"Warning: outside the range of {BAINITE['title']} for Bs: {'; '.join(bs_out)}. Bs is an extrapolation.")
    if comp["Si"] > 0:
        print(f"Note: neither formula has a silicon term; Si = {comp['Si']:g} wt% only enters the range check.")
    if bs <= ms:
        print("Note: Bs is not above Ms for this composition: on cooling, martensite would form before any bainite.")

    rows = [["constant", "", "", formula["base"], "", BAINITE["base"]]]
    for el in ELEMENTS:
        a, b = formula["coef"][el], BAINITE["coef"][el]
        rows.append([el, comp[el], a, round(a * comp[el], 4), b, round(b * comp[el], 4)])
    rows.append(["total", "", "", round(ms, 4), "", round(bs, 4)])

    lo, hi, count = CARBON_SWEEP
    carbon = [round(lo + (hi - lo) * i / (count - 1), 6) for i in range(count)]
    ms_curve = [temperature(formula, {**comp, "C": c}) for c in carbon]
    bs_curve = [temperature(BAINITE, {**comp, "C": c}) for c in carbon]

    plot("ms-bs.png", carbon, ms_curve, bs_curve, comp, ms, bs, formula["title"], formula["range"]["C"])
    result = {
        "Ms": ms,
        "Bs": bs,
        "contributions": {
            "columns": ["element", "wt%", "Ms coefficient (°C per wt%)", "Ms contribution (°C)", "Bs coefficient (°C per wt%)", "Bs contribution (°C)"],
            "rows": rows,
        },
        "ms_vs_carbon": {"x": carbon, "y": ms_curve},
        "bs_vs_carbon": {"x": carbon, "y": bs_curve},
        "plot": "ms-bs.png",
    }
    with open("result.json", "w", encoding="utf-8") as f:
        json.dump(result, f, ensure_ascii=False)
    print("Wrote result.json and ms-bs.png")


if __name__ == "__main__":
    try:
        main()
    except InputError as e:
        sys.stderr.write(f"Error: {e}\n")
        sys.exit(2)
