// Graph-form input that sandjit refuses, each error at its position.

func.func @stateful(%arg0: tensor<2xf32>) -> tensor<2xf32> {
  %0 = tf_executor.graph {
    %outputs, %control = tf_executor.island wraps "tf.Const"() {value = dense<[2, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
    // expected-error @+1 {{'tf.RandomUniform' op is stateful}}
    %outputs_0, %control_1 = tf_executor.island wraps "tf.RandomUniform"(%outputs) {seed = 0 : i64, seed2 = 0 : i64} : (tensor<2xi32>) -> tensor<2xf32>
    tf_executor.fetch %arg0 : tensor<2xf32>
  }
  return %0 : tensor<2xf32>
}

// -----

func.func @stateful_in_body(%arg0: tensor<f32>) -> tensor<f32> {
  %0 = tf_executor.graph {
    %outputs, %control = tf_executor.island {
      // expected-error @+1 {{'tf.ReadVariableOp' op is stateful}}
      %1 = "tf.ReadVariableOp"(%arg0) : (tensor<f32>) -> tensor<f32>
      tf_executor.yield %1 : tensor<f32>
    }
    tf_executor.fetch %outputs : tensor<f32>
  }
  return %0 : tensor<f32>
}

// -----

func.func @v1_control_flow(%arg0: tensor<f32>, %arg1: tensor<i1>) -> tensor<f32> {
  %0 = tf_executor.graph {
    // expected-error @+1 {{'tf_executor.Switch' op is not supported: a graph-form kernel may hold only tf_executor.island and tf_executor.fetch}}
    %true, %false, %ctl = tf_executor.Switch %arg0, %arg1 : tensor<f32>
    tf_executor.fetch %arg0 : tensor<f32>
  }
  return %0 : tensor<f32>
}

// -----

func.func @control_as_data(%arg0: tensor<f32>) -> tensor<f32> {
  %0 = tf_executor.graph {
    %outputs, %control = tf_executor.island wraps "tf.Neg"(%arg0) : (tensor<f32>) -> tensor<f32>
    // expected-error @+1 {{'%control' is a control token}}
    %outputs_0, %control_1 = tf_executor.island wraps "tf.Neg"(%control) : (tensor<f32>) -> tensor<f32>
    tf_executor.fetch %outputs : tensor<f32>
  }
  return %0 : tensor<f32>
}

// -----

func.func @no_fetch(%arg0: tensor<f32>) -> tensor<f32> {
  %0 = tf_executor.graph {
    %outputs, %control = tf_executor.island wraps "tf.Neg"(%arg0) : (tensor<f32>) -> tensor<f32>
  // expected-error @+1 {{'tf_executor.graph' op does not end with tf_executor.fetch}}
  }
  return %0 : tensor<f32>
}

// -----

func.func @fetch_count(%arg0: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'tf_executor.graph' op fetches 2 value(s) but 1 name(s) are bound to them}}
  %0 = tf_executor.graph {
    %outputs, %control = tf_executor.island wraps "tf.Neg"(%arg0) : (tensor<f32>) -> tensor<f32>
    tf_executor.fetch %outputs, %arg0 : tensor<f32>, tensor<f32>
  }
  return %0 : tensor<f32>
}

// -----

func.func @value_as_control(%arg0: tensor<f32>) -> tensor<f32> {
  %0 = tf_executor.graph {
    // expected-error @+1 {{'%arg0' is a value, not a control token}}
    %outputs, %control = tf_executor.island(%arg0) wraps "tf.Neg"(%arg0) : (tensor<f32>) -> tensor<f32>
    tf_executor.fetch %outputs : tensor<f32>
  }
  return %0 : tensor<f32>
}
