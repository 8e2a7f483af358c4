// sandjit-test: rtol=1e-5 atol=1e-6
// Round, a saturating f32 -> i32 Cast (NaN, Inf, +-3e9), bitwise ops and back to f32 through Sigmoid.
func.func @test(%V__0: tensor<?x?xf32> {python_test_attrs.static_type = tensor<5x12xf32>}, %V__1: tensor<?xi32> {python_test_attrs.static_type = tensor<12xi32>}) -> (tensor<?x?xi32>, tensor<?x?xf32>) {
  %mask = "tf.Const"() {value = dense<255> : tensor<i32>} : () -> tensor<i32>
  %denom = "tf.Const"() {value = dense<2.550000e+02> : tensor<f32>} : () -> tensor<f32>
  %0 = "tf.Round"(%V__0) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %1 = "tf.Cast"(%0) {Truncate = false, device = ""} : (tensor<?x?xf32>) -> tensor<?x?xi32>
  %2 = "tf.BitwiseAnd"(%1, %mask) {device = ""} : (tensor<?x?xi32>, tensor<i32>) -> tensor<?x?xi32>
  %3 = "tf.BitwiseXor"(%2, %V__1) {device = ""} : (tensor<?x?xi32>, tensor<?xi32>) -> tensor<?x?xi32>
  %4 = "tf.BitwiseOr"(%3, %1) {device = ""} : (tensor<?x?xi32>, tensor<?x?xi32>) -> tensor<?x?xi32>
  %5 = "tf.Cast"(%3) {Truncate = false, device = ""} : (tensor<?x?xi32>) -> tensor<?x?xf32>
  %6 = "tf.RealDiv"(%5, %denom) {device = ""} : (tensor<?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
  %7 = "tf.Sigmoid"(%6) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  func.return %4, %7 : tensor<?x?xi32>, tensor<?x?xf32>
}
