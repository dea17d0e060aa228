"""Hollomon fit of a tensile curve: sigma = K * eps_p ** n on the true plastic part, up to the maximum load.

Contract with the platform (docs/app-store.md): run with the task's work dir as the current directory, read
params.json, write result.json keyed by the manifest's output names. Problems with the user's data go to
stderr with a non-zero exit, so the task shows them as its error.
"""

import json
import math
import os
import sys
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
SAMPLE = os.path.join(HERE, "sample-curve.csv")
MIN_POINTS = 5


class InputError(Exception):
    """A problem the user can fix in their data or parameters."""


def fail(message):
    sys.stderr.write(f"Error: {message}\n")
    sys.exit(2)


def read_params():
    # Absent when the script is run by hand outside the platform: the manifest's defaults apply then.
    if not os.path.exists("params.json"):
        return {}
    with open("params.json", encoding="utf-8") as f:
        params = json.load(f)
    if not isinstance(params, dict):
        raise InputError("params.json must hold an object of input values")
    return params


def number(params, name, default):
    v = params.get(name, default)
    if v is None:
        return None
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
        raise InputError(f"the parameter {name} must be a number, not {v!r}")
    return float(v)


def curve_path(params):
    rel = params.get("curve")
    if rel in (None, ""):
        return SAMPLE, "sample-curve.csv"
    if not isinstance(rel, str):
        raise InputError("the curve parameter must be the path of the uploaded file")
    # The platform names uploads relative to the work dir; anything else is not the user's upload.
    if os.path.isabs(rel) or ".." in rel.replace("\\", "/").split("/"):
        raise InputError(f"the curve file must be a path inside the task folder, not {rel}")
    if not os.path.isfile(rel):
        raise InputError(f"the curve file {rel} was not found in the task folder")
    return rel, rel


def split_fields(line):
    for sep in (",", ";", "\t"):
        if sep in line:
            return [f.strip() for f in line.split(sep)]
    return line.split()


def parse_number(text):
    # A decimal comma ("0,0125") is common in exports from European locales when the separator is ";".
    try:
        v = float(text.replace(",", ".")) if text.count(",") == 1 and "." not in text else float(text)
    except ValueError:
        return None
    return v if math.isfinite(v) else None


def read_curve(path, shown):
    """Engineering strain (mm/mm) and stress (MPa), two columns; '#' comments and one header line allowed.

    Returns the two columns and each row's line number in the file, so messages can point at the file.
    """
    strain, stress, where = [], [], []
    header_seen = False
    try:
        with open(path, encoding="utf-8-sig") as f:
            lines = f.read().splitlines()
    except UnicodeDecodeError as e:
        raise InputError(f"{shown} is not a UTF-8 text file (byte {e.start})") from None
    for lineno, raw in enumerate(lines, start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        fields = split_fields(line)
        if len(fields) < 2:
            raise InputError(f"{shown} line {lineno}: expected two columns (engineering strain, engineering stress in MPa), found {len(fields)}: {line[:80]!r}")
        values = [parse_number(fields[0]), parse_number(fields[1])]
        if None in values:
            # Only the first non-comment line may be a header: a word later on is a broken row.
            if not strain and not header_seen and all(parse_number(x) is None for x in fields[:2]):
                header_seen = True
                continue
            col = 1 if values[0] is None else 2
            raise InputError(f"{shown} line {lineno}: column {col} ({fields[col - 1][:40]!r}) is not a number")
        e, s = values
        if e <= -1.0:
            raise InputError(f"{shown} line {lineno}: engineering strain {e:g} is impossible (must be greater than -1)")
        strain.append(e)
        stress.append(s)
        where.append(lineno)
    if not strain:
        raise InputError(f"{shown} holds no data rows (expected two columns: engineering strain, engineering stress in MPa)")
    return np.array(strain), np.array(stress), where


def fit_hollomon(eps_p, sigma):
    """Least squares on log sigma = log K + n log eps_p; r2 is that of the log-log regression."""
    x, y = np.log(eps_p), np.log(sigma)
    a = np.vstack([np.ones_like(x), x]).T
    (log_k, n), *_ = np.linalg.lstsq(a, y, rcond=None)
    residual = y - (log_k + n * x)
    ss_tot = float(np.sum((y - y.mean()) ** 2))
    r2 = 1.0 - float(np.sum(residual**2)) / ss_tot if ss_tot > 0 else 0.0
    return float(n), float(math.exp(log_k)), r2


def plot(path, true_eps, true_sigma, eps_p, sigma, used, n, k, window, e_modulus):
    # Matplotlib writes a font cache under HOME, which is the task folder: keep it out of the user's results.
    os.environ.setdefault("MPLCONFIGDIR", tempfile.mkdtemp())
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 4.5))
    label = f"Hollomon fit: K = {k:.1f} MPa, n = {n:.4f}"
    # Solid inside the window, dashed where the fit is extrapolated down towards yield.
    inside = np.linspace(window[0], window[1], 150)
    below = np.linspace(window[0] / 10, window[0], 60)
    ax1.plot(true_eps, true_sigma, ".", ms=3, color="0.45", label="true curve (up to max. load)")
    for ep, style, lab in ((below, "--", None), (inside, "-", label)):
        sf = k * ep**n
        ax1.plot(ep + sf / e_modulus, sf, style, color="tab:red", label=lab)
    ax1.set_xlabel("true strain")
    ax1.set_ylabel("true stress (MPa)")
    ax1.legend(loc="lower right")
    ax1.grid(alpha=0.3)

    # Below about a tenth of the window the "plastic" strain is mostly rounding in the data: not worth drawing.
    visible = eps_p > window[0] / 20
    ax2.loglog(eps_p[visible], sigma[visible], ".", ms=3, color="0.65", label="true plastic curve")
    ax2.loglog(eps_p[used], sigma[used], "o", ms=4, mfc="none", color="tab:blue", label="points in the fit window")
    ax2.loglog(below, k * below**n, "--", color="tab:red")
    ax2.loglog(inside, k * inside**n, "-", color="tab:red", label=label)
    ax2.axvspan(window[0], window[1], color="tab:blue", alpha=0.07)
    ax2.set_xlabel("true plastic strain")
    ax2.set_ylabel("true stress (MPa)")
    ax2.legend(loc="lower right")
    ax2.grid(alpha=0.3, which="both")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main():
    params = read_params()
    strain_min = number(params, "strain_min", 0.02)
    strain_max = number(params, "strain_max", None)
    e_gpa = number(params, "youngs_modulus_gpa", 210.0)
    if e_gpa <= 0:
        raise InputError("the Young's modulus must be positive")
    e_modulus = e_gpa * 1000.0
    path, shown = curve_path(params)
    eng_strain, eng_stress, lines = read_curve(path, shown)
    print(f"Curve: {shown}{' (the packaged sample)' if path == SAMPLE else ''}, {len(eng_strain)} points")
    if eng_strain.max() > 2.0:
        print(f"Warning: the largest strain is {eng_strain.max():g}; strain is read in mm/mm, so a curve in percent must be divided by 100 first")

    # Beyond the maximum load the specimen necks: stress is no longer uniform and the conversion below fails.
    i_u = int(np.argmax(eng_stress))
    e_u, s_u = eng_strain[: i_u + 1], eng_stress[: i_u + 1]
    true_eps = np.log1p(e_u)
    true_sigma = s_u * (1.0 + e_u)
    eps_p = true_eps - true_sigma / e_modulus
    uniform = float(true_eps[-1])
    eps_p_u = float(eps_p[-1])
    print(f"Maximum engineering stress {eng_stress[i_u]:.1f} MPa at engineering strain {eng_strain[i_u]:.4f} (line {lines[i_u]} of {shown})")
    print(f"Uniform elongation: true strain {uniform:.4f} (true plastic strain {eps_p_u:.4f})")

    upper = eps_p_u if strain_max is None else strain_max
    if strain_max is not None and strain_max > eps_p_u:
        print(f"Warning: strain_max {strain_max:g} is past the maximum load (true plastic strain {eps_p_u:.4f}); the window stops there, since necked points do not follow a true-stress curve")
        upper = eps_p_u
    if strain_min >= upper:
        raise InputError(f"the fit window is empty: strain_min {strain_min:g} is not below its upper end {upper:.4g} (true plastic strain)")
    used = (eps_p >= strain_min) & (eps_p <= upper) & (eps_p > 0) & (true_sigma > 0)
    count = int(used.sum())
    if count < MIN_POINTS:
        raise InputError(f"only {count} point(s) have a true plastic strain between {strain_min:g} and {upper:.4g}; the fit needs at least {MIN_POINTS}: widen the window or give a denser curve")
    n, k, r2 = fit_hollomon(eps_p[used], true_sigma[used])
    print(f"Fit on {count} points, true plastic strain {strain_min:g} to {upper:.4g}: n = {n:.5f}, K = {k:.2f} MPa, r2 = {r2:.6f}")
    # Considère: for sigma = K eps^n the maximum load falls at eps = n, a check of the fit against the data.
    print(f"Considère check: n = {n:.4f} vs uniform true plastic strain {eps_p_u:.4f} (difference {n - eps_p_u:+.4f})")
    if r2 < 0.98:
        print(f"Warning: r2 = {r2:.4f}; the curve does not follow a power law well in this window")

    fitted = k * eps_p[used] ** n
    rows = []
    for e, s, te, ts, ep, sf in zip(e_u[used], s_u[used], true_eps[used], true_sigma[used], eps_p[used], fitted):
        rows.append([round(float(e), 7), round(float(s), 3), round(float(te), 7), round(float(ts), 3), round(float(ep), 7), round(float(sf), 3), round(float((ts - sf) / sf * 100), 4)])
    grid = np.linspace(strain_min, upper, 100)
    grid_sigma = k * grid**n

    plot("hollomon-fit.png", true_eps, true_sigma, eps_p, true_sigma, used, n, k, (strain_min, upper), e_modulus)
    result = {
        "n": n,
        "K": k,
        "r2": r2,
        "uniform_elongation": uniform,
        "true_curve": {"x": true_eps.tolist(), "y": true_sigma.tolist()},
        # In total true strain, like true_curve, so the two draw on the same axes.
        "fitted_curve": {"x": (grid + grid_sigma / e_modulus).tolist(), "y": grid_sigma.tolist()},
        "points": {
            "columns": ["engineering strain", "engineering stress (MPa)", "true strain", "true stress (MPa)", "true plastic strain", "fitted stress (MPa)", "deviation (%)"],
            "rows": rows,
        },
        "plot": "hollomon-fit.png",
    }
    with open("result.json", "w", encoding="utf-8") as f:
        json.dump(result, f)
    print("Wrote result.json and hollomon-fit.png")


if __name__ == "__main__":
    try:
        main()
    except InputError as e:
        fail(str(e))
