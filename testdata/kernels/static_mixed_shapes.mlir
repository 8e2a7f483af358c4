// Mixed static and dynamic dims: tensor<2x?x3xf32> with tensor<?x1x3xf32> (its first dim may be 1 or 2
// at run time) and a static per-channel tensor<3xf32>.
func.func @test(%arg0: tensor<2x?x3xf32> {python_test_attrs.static_type = tensor<2x5x3xf32>}, %arg1: tensor<?x1x3xf32> {python_test_attrs.static_type = tensor<2x1x3xf32>}, %arg2: tensor<3xf32> {python_test_attrs.static_type = tensor<3xf32>}) -> (tensor<2x?x3xf32>, tensor<2x?x1xf32>) {
  %cst = "tf.Const"() {value = dense<2> : tensor<1xi32>} : () -> tensor<1xi32>
  %0 = "tf.AddV2"(%arg0, %arg1) {device = ""} : (tensor<2x?x3xf32>, tensor<?x1x3xf32>) -> tensor<2x?x3xf32>
  %1 = "tf.Mul"(%0, %arg2) {device = ""} : (tensor<2x?x3xf32>, tensor<3xf32>) -> tensor<2x?x3xf32>
  %2 = "tf.Max"(%1, %cst) {device = "", keep_dims = true} : (tensor<2x?x3xf32>, tensor<1xi32>) -> tensor<2x?x1xf32>
  func.return %1, %2 : tensor<2x?x3xf32>, tensor<2x?x1xf32>
}
