# A whole six-player modifier dice game: a roll-off in which two players tie again and
# roll once more, two special goals in the last deck-selecting phase, and a roll-off for the win.
[Game "modifier"]
[Players "Ann, Ben, Cat, Dan, Eve, Fay"]

goals most-0s most-1s biggest-number
Ann: roll 3 3 2 3 6 5
Ben: roll 4 2 5 4 4 4
Cat: roll 1 4 5 3 4 5
Dan: roll 3 6 6 4 4 1
Eve: roll 4 1 2 2 5 2
Fay: roll 5 6 6 1 3 5
Ann: mod 1 =1
Cat: mod 4 -3
Cat: mod 5 +2 x2
Dan: mod 2 =1 =4
Eve: mod 1 =4 +3
reveal
rolloff Ann 4 Dan 4 Eve 1 Fay 3
rolloff Ann 6 Dan 1
goals most-2s most-6s most-odds
special most-pairs
Ann: roll 3 1 1 4 1 3
Ben: roll 2 4 5 4 4 1
Cat: roll 5 1 4 1 5 4
Dan: roll 2 5 4 6 6 3
Eve: roll 6 1 5 1 1 3
Fay: roll 6 4 4 3 1 5
Ann: mod 4 =6 +1 =2
Ann: mod 5 +1 =0
Ben: mod 1 x2 =4
Ben: mod 2 flip
Ben: mod 5 =7
Cat: mod 3 reroll:3
Dan: mod 3 -3
Eve: mod 1 flip
Eve: mod 2 flip
Eve: mod 4 =3 reroll:5
Eve: mod 6 =7
reveal
rolloff Ann 5 Eve 1
goals longest-run most-5s lowest-total
special most-non-123456
Ann: roll 1 2 6 6 4 2
Ben: roll 6 2 5 5 5 5
Cat: roll 3 3 4 2 5 6
Dan: roll 5 6 1 5 6 4
Eve: roll 5 2 6 6 3 4
Fay: roll 5 5 6 4 1 3
Ben: mod 2 =3
Ben: mod 3 blank -2 +2 pick:3 blank
Cat: mod 1 reroll:1
Cat: mod 2 =2
Cat: mod 4 =2
Cat: mod 5 =0
Cat: mod 6 =5
Dan: mod 4 =3
Fay: mod 6 +1
Dan: declare most-pairs
reveal
rolloff Dan 2 Eve 1
goals smallest-range most-4s largest-set
special highest-total
Ann: roll 6 5 1 5 6 4
Ben: roll 4 1 3 4 4 5
Cat: roll 3 4 4 4 4 6
Dan: roll 6 5 1 2 6 3
Eve: roll 4 4 3 6 5 4
Fay: roll 5 1 2 2 2 5
Ann: mod 1 flip =3
Ann: mod 4 -3
Ann: mod 6 =2
Cat: mod 2 +3
Cat: mod 3 =5
Cat: mod 4 +3
Cat: mod 5 =5
Cat: mod 6 pick:2
Dan: mod 4 x2 reroll:3 =2 pick:4
Eve: mod 1 =0
Eve: mod 2 =1
Eve: mod 4 flip
Eve: mod 5 +3
Eve: mod 6 x2
Fay: mod 1 blank
Fay: mod 2 =4
Fay: mod 4 =4
Fay: mod 5 x2
Fay: mod 6 =0
Eve: declare most-non-123456
Ben: declare highest-total
reveal
goals greatest-range most-div3 most-3s
special second-highest-total
Ann: roll 5 5 5 6 6 3
Ben: roll 5 1 5 1 3 1
Cat: roll 2 1 3 4 3 5
Dan: roll 3 5 6 5 3 3
Eve: roll 3 4 6 5 6 4
Fay: roll 1 4 6 5 6 2
Ben: mod 4 -2 -1
Eve: mod 1 =6
Eve: mod 3 +2 +3
Eve: mod 4 =0
Eve: mod 5 =5
Ann: declare second-highest-total
reveal
rolloff Cat 2 Dan 1
goals greatest-variety second-lowest-total smallest-number
special most-evens
special fewest-positive
Ann: roll 5 4 4 2 6 2
Ben: roll 6 2 5 5 4 2
Cat: roll 6 2 6 4 3 6
Dan: roll 4 1 1 5 2 4
Eve: roll 5 3 3 6 1 3
Fay: roll 2 5 1 2 3 4
Ann: mod 3 reroll:5
Ben: mod 6 -1 =4 reroll:3
Fay: mod 2 =7
Fay: mod 6 =2
Ben: declare fewest-positive
reveal
rolloff Dan 6 Eve 1
