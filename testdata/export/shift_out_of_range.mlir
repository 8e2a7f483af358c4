// Shifts by counts outside [0, bits): TF's kernel clamps the count to [0, bits - 1].
// sweep: arg1.range=-40:80
func.func @test(%V__0: tensor<?xi64> { python_test_attrs.static_type = tensor<32xi64> }, %V__1: tensor<?xi64> { python_test_attrs.static_type = tensor<32xi64> }) -> (tensor<?xi64>, tensor<?xi64>) {
  %0 = "tf.LeftShift"(%V__0, %V__1) {T = i64, device = ""} : (tensor<?xi64>, tensor<?xi64>) -> tensor<?xi64>
  %1 = "tf.RightShift"(%V__0, %V__1) {T = i64, device = ""} : (tensor<?xi64>, tensor<?xi64>) -> tensor<?xi64>
  func.return %0, %1 : tensor<?xi64>, tensor<?xi64>
}
