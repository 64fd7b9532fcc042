package explorer

import (
	"context"
	"errors"
	"net/http"

	"retro/out"
	"retro/out/query"
	"retro/out/variant"
	"retro/rules/lang"
)

// "Another variant like this" (POST /api/variant): a new variant of the
// family of the game the page shows (variant.Like), made within the
// server's caps and time limit.

type variantRequest struct {
	Game string     `json:"game"`
	Seed uint64     `json:"seed"` // the same game and seed, the same variant
	Lang query.Lang `json:"lang"` // the language of the variant's name: en, else Russian
}

// VariantResponse is a new variant: its game file, and its answers, text
// and solutions (out.VariantJSON).
type VariantResponse struct {
	Game    string          `json:"game"`
	Variant out.VariantJSON `json:"variant"`
	Tried   int             `json:"tried"` // the candidates drawn to find it
}

// variantTries caps the candidates one request draws: a family where
// well-posed variants are rare gives up within the time limit.
const variantTries = 400

func (s *server) handleVariant(w http.ResponseWriter, r *http.Request) {
	var req variantRequest
	if !s.decode(w, r, &req) {
		return
	}
	resp, err := s.variant(r.Context(), req)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, resp)
}

func (s *server) variant(rctx context.Context, req variantRequest) (*VariantResponse, error) {
	g, err := s.parseGame(req.Game)
	if err != nil {
		return nil, err
	}
	ctx, cancel := s.solveContext(rctx) // ends with the request
	defer cancel()
	if err := s.acquire(ctx); err != nil {
		return nil, err
	}
	defer s.release()
	opt := s.gameOptions(0)
	f, err := variant.Like(ctx, g, opt)
	var few *variant.TooFewError
	switch {
	case errors.Is(err, variant.ErrNotExam):
		return nil, &apiError{status: http.StatusUnprocessableEntity, code: "game",
			msg: "another variant is made of a game of the exam's shape, and this one is " + err.Error(), ru: lang.Say(err, lang.Ru)}
	case err != nil:
		return nil, s.solveError(err, g)
	}
	f.Tries = variantTries
	words := query.Ru
	if req.Lang == query.En {
		words = query.En
	}
	b, err := variant.Make(ctx, f, variant.Options{Count: 1, Seed: req.Seed, Lang: words, Solve: opt})
	switch {
	case errors.As(err, &few):
		return nil, &apiError{status: http.StatusUnprocessableEntity, code: "game", msg: err.Error(), ru: lang.Say(err, lang.Ru)}
	case err != nil:
		return nil, s.solveError(err, g)
	}
	v := b.Variants[0]
	return &VariantResponse{Game: v.Game, Variant: out.NewVariantJSON(v), Tried: b.Tried}, nil
}
