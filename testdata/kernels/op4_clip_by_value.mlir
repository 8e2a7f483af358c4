// ClipByValue: rank-0 bounds (arguments), a per-row lower bound from a keep_dims Min that broadcasts
// against t (as in TF's clip_by_value_of_min regression test), NaN in t staying NaN, and i64 with
// bounds of t's shape.
func.func @test(%arg0: tensor<?x?xf32> {python_test_attrs.static_type = tensor<7x13xf32>}, %arg1: tensor<f32>, %arg2: tensor<f32>, %arg3: tensor<?x?xi64>, %arg4: tensor<?x?xi64>, %arg5: tensor<?x?xi64>) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xi64>) {
  %0 = "tf.ClipByValue"(%arg0, %arg1, %arg2) {device = ""} : (tensor<?x?xf32>, tensor<f32>, tensor<f32>) -> tensor<?x?xf32>
  %dims = "tf.Const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  %1 = "tf.Min"(%arg0, %dims) {device = "", keep_dims = true} : (tensor<?x?xf32>, tensor<1xi32>) -> tensor<?x1xf32>
  %cst = "tf.Const"() {value = dense<2.500000e+00> : tensor<f32>} : () -> tensor<f32>
  %2 = "tf.AddV2"(%1, %cst) {device = ""} : (tensor<?x1xf32>, tensor<f32>) -> tensor<?x1xf32>
  %cst_0 = "tf.Const"() {value = dense<5.000000e+00> : tensor<f32>} : () -> tensor<f32>
  %3 = "tf.ClipByValue"(%arg0, %2, %cst_0) {device = ""} : (tensor<?x?xf32>, tensor<?x1xf32>, tensor<f32>) -> tensor<?x?xf32>
  %4 = "tf.ClipByValue"(%arg3, %arg4, %arg5) {device = ""} : (tensor<?x?xi64>, tensor<?x?xi64>, tensor<?x?xi64>) -> tensor<?x?xi64>
  func.return %0, %3, %4 : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xi64>
}
