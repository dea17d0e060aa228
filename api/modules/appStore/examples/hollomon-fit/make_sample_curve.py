"""Regenerates sample-curve.csv: a synthetic tensile curve whose plastic part follows Hollomon's law exactly.

Kept in the package so anyone can see where the sample comes from and check the fit against known values:
K = 900 MPa, n = 0.15, E = 210 GPa (0.2 % proof stress 354 MPa, tensile strength 581 MPa, like a
normalised structural steel). Run it with `python3 make_sample_curve.py > sample-curve.csv`.
"""

import math
import sys

K = 900.0  # MPa
N = 0.15
E = 210_000.0  # MPa


def engineering(sigma, eps_p):
    # Elastic plus Hollomon plastic strain, so every point lies on the model the app fits.
    eps = sigma / E + eps_p
    e = math.expm1(eps)
    return e, sigma / (1.0 + e)


def main():
    # Considère with elasticity: d(ln s) = n dε_p/ε_p − dσ/E − dε_p = 0  ⇒  ε_p = n (1 − σ/E); a fixed point.
    eps_u = N
    for _ in range(50):
        eps_u = N * (1.0 - K * eps_u**N / E)

    points = []
    # Elastic part, sampled by stress: a test machine logs many points before yield.
    sigma_a = K * 1e-4**N
    for i in range(30):
        sigma = sigma_a * i / 30
        points.append(engineering(sigma, (sigma / K) ** (1.0 / N)))
    # Elastic-plastic transition, sampled geometrically in plastic strain where the curve bends.
    for i in range(30):
        eps_p = 1e-4 * (0.002 / 1e-4) ** (i / 30)
        points.append(engineering(K * eps_p**N, eps_p))
    # Uniform plastic deformation up to the maximum load.
    for i in range(100):
        eps_p = 0.002 + (eps_u - 0.002) * i / 99
        points.append(engineering(K * eps_p**N, eps_p))
    # After necking the true-stress conversion no longer holds; a falling engineering curve to fracture at
    # 12 % more strain, which the fit must leave out.
    e_u, s_u = points[-1]
    for i in range(1, 41):
        e = e_u + 0.12 * i / 40
        points.append((e, s_u * (1.0 - 0.15 * (i / 40) ** 2)))

    out = sys.stdout
    out.write(f"# Synthetic tensile curve: Hollomon K = {K:g} MPa, n = {N:g}, E = {E / 1000:g} GPa; see make_sample_curve.py\n")
    out.write("engineering_strain,engineering_stress_MPa\n")
    for e, s in points:
        out.write(f"{e:.7f},{s:.4f}\n")


if __name__ == "__main__":
    main()
