"""Fast paths: the core's algorithms again, for many at once, in numpy.

Nothing here is new geometry. Each module speeds up a function of :mod:`collision` that says
the same thing readably, and is tested against it; read that one first.

- :mod:`collision.fast.batch`: :func:`~collision.fast.batch.sat_many` and
  :func:`~collision.fast.batch.sat_many_circles`, :func:`collision.sat` over arrays of pairs
  (``tests/core/test_sat_many.py`` compares them row by row);
- :mod:`collision.fast.box_rows`: the box-against-box case of ``sat_many``, from centres,
  normals and half lengths (Metanet's halfwidths, as :func:`collision.projection.extent`
  projects a box), in arrays made once per block size, with :func:`collision.projection.overlap`
  on every axis (held to ``sat()`` through ``sat_many``'s tests);
- :mod:`collision.fast.sat_kernel`: ``collision.sat``, :func:`collision.sat.sat` again with
  its speed tricks (the shapes' cached poses, one tolerance for all axes but those near zero,
  ``tuple.__new__``, the overlap rule written out, and a result whose report is made when
  read); under a tracer it runs the readable one (``tests/core/test_sat_kernel.py`` holds
  every field of the two results to each other);
- :mod:`collision.fast.manifold_kernel`: ``collision.manifold``, :func:`collision.manifold.manifold`
  again for sharp polygons and circles on plain floats, no steps made unless a figure asks for
  them (then, and under a tracer, it runs the readable one; ``tests/core/test_manifold_kernel.py``
  holds every field of the two results to each other, and ``tests/core/test_manifold.py`` both
  to GEOS);
- :mod:`collision.fast.raycast_kernel`: ``collision.ray_cast``, :func:`collision.raycast.ray_cast`
  again for sharp boxes, polygons and circles on the poses' floats, a box's slabs made only
  when a figure asks (``tests/core/test_raycast_kernel.py`` holds the two to each other, and
  ``tests/core/test_raycast.py`` both to GEOS);
- :mod:`collision.fast.toi_kernel`: ``collision.time_of_impact``, :func:`collision.toi.time_of_impact`
  again with one copy of each shape a call (not a step), GJK's loop without its records, and no
  step records unless a figure asks (``tests/core/test_toi_kernel.py`` holds the two to each
  other, and ``tests/core/test_toi.py`` both to a sampled search with GEOS);
- :mod:`collision.fast.broadphase`: brute force, sort and sweep, the loose grid and the
  quadtree's pairs over (N, 4) arrays of bounds, the kernels behind
  :func:`collision.broadphase.find` and :func:`~collision.broadphase.contacts`
  (``tests/core/test_broadphase.py`` holds them to :func:`~collision.broadphase.brute_force`,
  :func:`~collision.broadphase.sort_and_sweep` and :func:`~collision.broadphase.loose_grid`,
  pairs and candidate counts alike);
- :mod:`collision.fast.bounds`: whether columns of spans and boxes meet, the predicate the
  two modules above ask: :func:`collision.projection.overlap` >= 0, held to it and to
  :func:`collision.projection.bounds_touch` in ``tests/core/test_broadphase.py``;
- :mod:`collision.fast.quadtree`: :class:`~collision.Quadtree`, its tree built a level at a
  time in arrays for ``insert_many``, and the arrays ``retrieve`` and ``retrieve_tip`` read;
  the tip's own insert, node by node, and the queries written plainly over its nodes
  (:func:`~collision.quadtree.range_query`, :func:`~collision.quadtree.tip_walk`) are in
  ``collision/quadtree.py``, and ``tests/core/test_quadtree.py`` holds the builds and the
  queries to each other.

They are exported where they were: ``from collision import sat, sat_many, manifold, ray_cast, time_of_impact``,
``broadphase.find``, ``Quadtree.insert_many``. No readable module calls into them: ``collision/__init__.py`` and
``collision/broadphase.py`` only hand their names on (``tests/core/test_import_graph.py``).
"""
