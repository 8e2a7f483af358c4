func.func @cond(%arg0: tensor<i1>, %arg1: tensor<f32>) -> tensor<f32> {
  %0 = "tf.IfRegion"(%arg0) ({
    %1 = "tf.Neg"(%arg1) : (tensor<f32>) -> tensor<f32>
    "tf.Yield"(%1) : (tensor<f32>) -> ()
  }, {
    "tf.Yield"(%arg1) : (tensor<f32>) -> ()
  }) {_else_func_name = "else", _then_func_name = "then", is_stateless = true} : (tensor<i1>) -> tensor<f32>
  return %0 : tensor<f32>
}
