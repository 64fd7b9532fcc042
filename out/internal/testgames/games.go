package testgames

// Horizon is a game without an end, analysed to a horizon, so that
// its table holds depths and ? positions.
const Horizon = `name = "Double or add one, horizon 6"
piles = ["x"]
moves = ["x + 1", "x * 2"]
end = "isprime(x) and x > 40"
winner = "mover"
horizon = 6

[start]
x = "S"

[params]
S = "1..20"
`

// History carries last and mylast, and its positions are sparse: a
// hashed space with history.
const History = `name = "No command twice in a row"
piles = ["a", "b"]
allow = "cmd != mylast"
end = "a * b >= 5000"
winner = "mover"

[commands]
double = ["a = a * 2", "b = b * 2"]
triple = ["a = a * 3", "b = b * 3"]
add = ["a = a + 7", "b = b + 7"]

[start]
a = "A"
b = 1

[params]
A = "1..5"
`

// Rules has a parameter in its rules: one instance per value.
const Rules = `name = "Take 1..k"
piles = ["x"]
moves = ["x - i for i in 1..k"]
winner = "mover"

[bounds]
x = "0..300"

[params]
k = "1..6"
`
