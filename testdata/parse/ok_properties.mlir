// Properties <{…}> merge into the attributes, before the attribute dictionary.
func.func @props(%arg0: tensor<4xf32>) -> tensor<f32> {
  %cst = "tf.Const"() <{value = dense<1.000000e+00> : tensor<f32>}> {device = ""} : () -> tensor<f32>
  %axes = "tf.Const"() <{value = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %0 = "tf.AddV2"(%arg0, %cst) <{}> : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %1 = "tf.Sum"(%0, %axes) <{keep_dims = false}> {device = "", operandSegmentSizes = array<i32: 1, 1>} : (tensor<4xf32>, tensor<1xi32>) -> tensor<f32>
  return %1 : tensor<f32>
}
