"""Fast paths: the core's algorithms again, for many at once, in numpy.

Nothing here is new geometry. Each module speeds up a function of :mod:`collision` that says
the same thing readably, and is tested against it; read that one first.

- :mod:`collision.fast.batch`: :func:`~collision.fast.batch.sat_many` and
  :func:`~collision.fast.batch.sat_many_circles`, :func:`collision.sat` over arrays of pairs
  (``tests/core/test_sat_many.py`` compares them row by row);
- :mod:`collision.fast.box_rows`: the box-against-box case of ``sat_many``, from centres,
  normals and half lengths (Metanet's halfwidths, as :func:`collision.projection.extent`
  projects a box), in arrays made once per block size.

They are exported where they were: ``from collision import sat_many``, ``broadphase.find``.
"""
