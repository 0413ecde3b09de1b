"""Word Fluxx's word tests: is it a word, which part of speech, does it rhyme, has it a silent
letter, and which words a player's letters can spell.

- `lexicon`: the word test and parts of speech (lemminflect's tables + shipped lists);
- `sounds`: rhymes and syllables (the CMU Pronouncing Dictionary, shipped);
- `silent`: the stated silent-letter rule and its list;
- `requirement`: what a word Goal asks, and the search for words that meet it.

Nothing is read at import time: the data loads on first use, so only a game with a word Goal
pays for it (`adjudicator --help` and other decks never import this package).
"""
