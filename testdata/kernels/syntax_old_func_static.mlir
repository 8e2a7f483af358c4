// sandjit-test: rtol=1e-5 atol=1e-6
// The old `func` spelling with `return`, fully static shapes and a rank-0 tensor<f32>.
func @test(%arg0: tensor<3x4xf32>, %arg1: tensor<f32>, %arg2: tensor<4xf32>) -> (tensor<3x4xf32>, tensor<f32>) {
  %cst = "tf.Const"() {value = dense<[0, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "tf.Log1p"(%arg0) {device = ""} : (tensor<3x4xf32>) -> tensor<3x4xf32>
  %1 = "tf.Div"(%0, %arg1) {device = ""} : (tensor<3x4xf32>, tensor<f32>) -> tensor<3x4xf32>
  %2 = "tf.SquaredDifference"(%1, %arg2) {device = ""} : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  %3 = "tf.Sum"(%2, %cst) {device = "", keep_dims = false} : (tensor<3x4xf32>, tensor<2xi32>) -> tensor<f32>
  return %1, %3 : tensor<3x4xf32>, tensor<f32>
}
