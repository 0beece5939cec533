"""Spoker for reinforcement-learning libraries: PettingZoo, OpenSpiel, Gymnasium.

Each module needs the optional extra ``rl`` (``pip install 'spoker[rl]'``);
:mod:`spoker.interop.encoding` needs only numpy.
"""
