// bf16 transcendental ops: computed in f32, rounded to bf16 once (default bf16 tolerance: one bf16 ulp is
// 2^-8 to 2^-7 of the value, and an f32 result near a rounding tie may go either way).
func.func @test(%x: tensor<?xbf16>, %p: tensor<?xbf16>) -> (tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>) {
  %0 = "tf.Exp"(%x) {device = ""} : (tensor<?xbf16>) -> tensor<?xbf16>
  %1 = "tf.Log"(%p) {device = ""} : (tensor<?xbf16>) -> tensor<?xbf16>
  %2 = "tf.Tanh"(%x) {device = ""} : (tensor<?xbf16>) -> tensor<?xbf16>
  %3 = "tf.Sigmoid"(%x) {device = ""} : (tensor<?xbf16>) -> tensor<?xbf16>
  %4 = "tf.Sin"(%x) {device = ""} : (tensor<?xbf16>) -> tensor<?xbf16>
  %5 = "tf.Erf"(%x) {device = ""} : (tensor<?xbf16>) -> tensor<?xbf16>
  %6 = "tf.Rsqrt"(%p) {device = ""} : (tensor<?xbf16>) -> tensor<?xbf16>
  %7 = "tf.Pow"(%p, %x) {device = ""} : (tensor<?xbf16>, tensor<?xbf16>) -> tensor<?xbf16>
  func.return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>
}
