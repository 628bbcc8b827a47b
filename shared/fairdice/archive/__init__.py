"""The daily game's archive (seed 004): secrets made on their day, committed at once, revealed once it is over.

Three sides of one layout: `layout` (the keys, the documents, day arithmetic), `publisher` (the
scheduled function's lifecycle: make, commit, reveal, chain) and `reader` (the verifier's side:
read a day back, check it, give scheme daily its secret). Pure logic over
`fairdice.storage.ObjectStore`: the clock and the random source are passed in, and nothing here
knows whether the stores are S3 buckets or local folders.
"""
