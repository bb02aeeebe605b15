"""Figure parts several scenes share: SAT strips, Voronoi shading, swarms, the turnable axis."""
