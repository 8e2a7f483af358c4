// sandjit-test: rtol=0 atol=0
// Range with float bounds as plain arguments (no constraint can sink a float): the host reads them for the
// size, the kernel reads them from its arguments.
func.func @test(%arg0: tensor<f32>, %arg1: tensor<f32>, %arg2: tensor<f32>, %arg3: tensor<f64>) -> (tensor<?xf32>, tensor<?xf64>) {
  %cst = "tf.Const"() {value = dense<0.000000e+00> : tensor<f64>} : () -> tensor<f64>
  %cst_0 = "tf.Const"() {value = dense<5.000000e-01> : tensor<f64>} : () -> tensor<f64>
  %0 = "tf.Range"(%arg0, %arg1, %arg2) {device = ""} : (tensor<f32>, tensor<f32>, tensor<f32>) -> tensor<?xf32>
  %1 = "tf.Range"(%cst, %arg3, %cst_0) {device = ""} : (tensor<f64>, tensor<f64>, tensor<f64>) -> tensor<?xf64>
  func.return %0, %1 : tensor<?xf32>, tensor<?xf64>
}
