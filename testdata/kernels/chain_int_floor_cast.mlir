// sandjit-test: rtol=1e-5 atol=1e-6
// FloorDiv/FloorMod identity q*y + r == x on i32 (holds except where y == 0), then into f32.
func.func @test(%V__0: tensor<?x?xi32> {python_test_attrs.static_type = tensor<6x9xi32>}, %V__1: tensor<?xi32> {python_test_attrs.static_type = tensor<9xi32>}) -> (tensor<?x?xi32>, tensor<?x?xi1>, tensor<?xf32>) {
  %half = "tf.Const"() {value = dense<5.000000e-01> : tensor<f32>} : () -> tensor<f32>
  %dims = "tf.Const"() {value = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %0 = "tf.FloorDiv"(%V__0, %V__1) {device = ""} : (tensor<?x?xi32>, tensor<?xi32>) -> tensor<?x?xi32>
  %1 = "tf.FloorMod"(%V__0, %V__1) {device = ""} : (tensor<?x?xi32>, tensor<?xi32>) -> tensor<?x?xi32>
  %2 = "tf.Mul"(%0, %V__1) {device = ""} : (tensor<?x?xi32>, tensor<?xi32>) -> tensor<?x?xi32>
  %3 = "tf.AddV2"(%2, %1) {device = ""} : (tensor<?x?xi32>, tensor<?x?xi32>) -> tensor<?x?xi32>
  %4 = "tf.Equal"(%3, %V__0) {device = "", incompatible_shape_error = true} : (tensor<?x?xi32>, tensor<?x?xi32>) -> tensor<?x?xi1>
  %5 = "tf.Cast"(%1) {Truncate = false, device = ""} : (tensor<?x?xi32>) -> tensor<?x?xf32>
  %6 = "tf.Mul"(%5, %half) {device = ""} : (tensor<?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
  %7 = "tf.Sum"(%6, %dims) {keep_dims = false, device = ""} : (tensor<?x?xf32>, tensor<1xi32>) -> tensor<?xf32>
  func.return %3, %4, %7 : tensor<?x?xi32>, tensor<?x?xi1>, tensor<?xf32>
}
