// Integer unary ops: INT_MIN wraps in Abs/Neg, Square overflow wraps, Reciprocal truncates (1/0 -> -1, XLA's x / 0),
// Round is the identity on integers.
func.func @test(%V__0: tensor<?xi32> {python_test_attrs.static_type = tensor<24xi32>}) -> (tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>) {
  %0 = "tf.Abs"(%V__0) {device = ""} : (tensor<?xi32>) -> tensor<?xi32>
  %1 = "tf.Neg"(%V__0) {device = ""} : (tensor<?xi32>) -> tensor<?xi32>
  %2 = "tf.Square"(%V__0) {device = ""} : (tensor<?xi32>) -> tensor<?xi32>
  %3 = "tf.Sign"(%V__0) {device = ""} : (tensor<?xi32>) -> tensor<?xi32>
  %4 = "tf.Reciprocal"(%V__0) {device = ""} : (tensor<?xi32>) -> tensor<?xi32>
  %5 = "tf.Relu"(%V__0) {device = ""} : (tensor<?xi32>) -> tensor<?xi32>
  %6 = "tf.Relu6"(%V__0) {device = ""} : (tensor<?xi32>) -> tensor<?xi32>
  %7 = "tf.Round"(%V__0) {device = ""} : (tensor<?xi32>) -> tensor<?xi32>
  func.return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>
}
