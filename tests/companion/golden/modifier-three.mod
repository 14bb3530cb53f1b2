# A whole three-player modifier dice game: specials declared, a roll-off for the
# deck-selecting order, and Ann and Cat tied on 45 tokens at the end (a roll-off decides).
[Game "modifier"]
[Players "Ann, Ben, Cat"]

goals most-non-123456 second-lowest-total most-pairs
Ann: roll 5 3 1 2 5 6
Ben: roll 6 1 4 4 5 6
Cat: roll 6 3 2 3 3 3
Ben: mod 4 =7
Cat: mod 1 +1
Cat: mod 3 x2
reveal
goals most-div3 lowest-total most-odds
special second-highest-total
Ann: roll 4 2 3 3 3 4
Ben: roll 4 1 2 6 4 6
Cat: roll 1 4 4 1 4 6
reveal
goals most-1s smallest-range largest-set
special fewest-positive
Ann: roll 6 2 4 3 1 5
Ben: roll 1 6 6 4 5 3
Cat: roll 4 5 6 6 6 1
Ann: mod 1 =6
Ann: declare second-highest-total
reveal
goals greatest-variety most-5s most-4s
special smallest-number
Ann: roll 1 4 2 6 6 3
Ben: roll 2 2 5 1 2 5
Cat: roll 2 1 1 6 2 3
Ann: mod 1 =3
Ann: mod 4 -1
Ann: mod 5 +1
Ben: mod 4 =5 =1 -2
Cat: mod 1 pick:1 neg -2 =3
Ben: declare fewest-positive
Ann: declare smallest-number
reveal
goals biggest-number highest-total most-3s
special most-0s
Ann: roll 4 4 5 2 4 2
Ben: roll 3 6 4 2 4 2
Cat: roll 6 4 1 4 3 5
Cat: mod 1 =5
Cat: mod 2 =4
Cat: mod 3 pick:6
Cat: mod 4 flip
Cat: mod 5 =3
Cat: mod 6 =4
reveal
rolloff Ann 1 Ben 5
goals most-2s most-6s most-evens
special longest-run
Ann: roll 3 5 2 1 6 3
Ben: roll 4 3 4 1 2 2
Cat: roll 4 2 6 1 6 1
Ann: mod 4 -1
Ben: mod 1 +3
Ben: mod 4 blank
Cat: mod 1 =4
Cat: mod 3 =0
Cat: mod 5 =3
Cat: mod 6 -2
Ann: declare most-0s
reveal
rolloff Ann 6 Cat 3
