// sandjit-test: rtol=0 atol=0
// bf16 as TF computes it: widened to f32, one op, rounded to nearest even when stored. For +, -, *, / and
// sqrt that is the correctly rounded bf16 result (f32 has more than 2·8+2 bits), so bit-exact; broadcasting.
func.func @test(%x: tensor<?x?xbf16>, %y: tensor<?xbf16>) -> (tensor<?x?xbf16>, tensor<?x?xbf16>, tensor<?x?xbf16>, tensor<?x?xbf16>, tensor<?x?xbf16>, tensor<?x?xbf16>, tensor<?x?xbf16>, tensor<?x?xbf16>) {
  %0 = "tf.AddV2"(%x, %y) {device = ""} : (tensor<?x?xbf16>, tensor<?xbf16>) -> tensor<?x?xbf16>
  %1 = "tf.Sub"(%x, %y) {device = ""} : (tensor<?x?xbf16>, tensor<?xbf16>) -> tensor<?x?xbf16>
  %2 = "tf.Mul"(%x, %y) {device = ""} : (tensor<?x?xbf16>, tensor<?xbf16>) -> tensor<?x?xbf16>
  %3 = "tf.RealDiv"(%x, %y) {device = ""} : (tensor<?x?xbf16>, tensor<?xbf16>) -> tensor<?x?xbf16>
  %4 = "tf.Sqrt"(%x) {device = ""} : (tensor<?x?xbf16>) -> tensor<?x?xbf16>
  %5 = "tf.Maximum"(%x, %y) {device = ""} : (tensor<?x?xbf16>, tensor<?xbf16>) -> tensor<?x?xbf16>
  %6 = "tf.Neg"(%x) {device = ""} : (tensor<?x?xbf16>) -> tensor<?x?xbf16>
  %cst = "tf.Const"() {value = dense<[1.5, -0.1, 3.0e+38]> : tensor<3xbf16>} : () -> tensor<3xbf16>
  %7 = "tf.Mul"(%x, %cst) {device = ""} : (tensor<?x?xbf16>, tensor<3xbf16>) -> tensor<?x?xbf16>
  func.return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<?x?xbf16>, tensor<?x?xbf16>, tensor<?x?xbf16>, tensor<?x?xbf16>, tensor<?x?xbf16>, tensor<?x?xbf16>, tensor<?x?xbf16>, tensor<?x?xbf16>
}
