package nd

// DiagBand is a band of the diagonals K0..K1 (d = column - row) of [M, N]
// matrices as TensorFlow's MatrixDiagV3 and MatrixDiagPartV3 store it:
// diagonal d at index K1 - d of the band (that dim left out when the band
// has one diagonal), each MaxLen long, a shorter one padded on the left or
// the right as SuperRight (diagonals d >= 0) and SubRight (d <= 0) say:
// true is right-aligned.
type DiagBand struct {
	M, N, K0, K1, MaxLen int
	SuperRight, SubRight bool
}

// offset is where diagonal d, of length n, starts within its row of the
// band.
func (b DiagBand) offset(d, n int) int {
	if (d >= 0 && b.SuperRight) || (d <= 0 && b.SubRight) {
		return b.MaxLen - n
	}
	return 0
}

// Part visits every element of the bands of batch matrices in row-major
// order ([batch, K1-K0+1, MaxLen]) with its flat index o and the flat
// index src of the matrix element it holds, or -1 for padding.
func (b DiagBand) Part(batch int, fn func(o, src int)) {
	ndiag := b.K1 - b.K0 + 1
	for bi := 0; bi < batch; bi++ {
		for j := 0; j < ndiag; j++ {
			d := b.K1 - j
			off := b.offset(d, min(b.M+min(d, 0), b.N-max(d, 0)))
			for i := 0; i < b.MaxLen; i++ {
				o := (bi*ndiag+j)*b.MaxLen + i
				t := i - off
				row, col := t+max(-d, 0), t+max(d, 0)
				if t >= 0 && row < b.M && col < b.N {
					fn(o, (bi*b.M+row)*b.N+col)
				} else {
					fn(o, -1)
				}
			}
		}
	}
}

// Matrix visits the n elements of a batch of [M, N] matrices in row-major
// order with the flat index src of the band element each holds, or -1 off
// the band (padding).
func (b DiagBand) Matrix(n int, fn func(o, src int)) {
	ndiag := b.K1 - b.K0 + 1
	for o := 0; o < n; o++ {
		bi, row, col := o/(b.M*b.N), (o/b.N)%b.M, o%b.N
		d := col - row
		if d < b.K0 || d > b.K1 {
			fn(o, -1)
			continue
		}
		i := col - max(d, 0) + b.offset(d, min(b.M+min(d, 0), b.N-max(d, 0)))
		if i < 0 || i >= b.MaxLen {
			fn(o, -1)
			continue
		}
		fn(o, (bi*ndiag+(b.K1-d))*b.MaxLen+i)
	}
}
